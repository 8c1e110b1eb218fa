/** The storage key of a client's refresh token (the token cache's, and `logout`'s when it cannot load). */
export const refreshKeyOf = (clientID: unknown): string => '@@webauth@@::refresh::' + clientID;
