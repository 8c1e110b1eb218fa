/** Storage key of the verifier for one cross-origin login (written by the cross-origin login). */
export const verifierKey = (rootUrl: string, coId: string) =>
  `co/verifier/${encodeURIComponent(rootUrl)}/${encodeURIComponent(coId)}`;
