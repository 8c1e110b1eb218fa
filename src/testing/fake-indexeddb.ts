/**
 * Just enough IndexedDB for idb-keyval: one database, one store, requests that succeed, values
 * kept by structured clone (as a browser keeps them, CryptoKey objects included). `stall.open`
 * makes opens and reads never answer (a blocked upgrade, a wedged profile); `fail.writes` makes
 * `put` throw, as a browser does for a value it cannot clone into its database.
 */
export function fakeIndexedDB() {
  const data = new Map<IDBValidKey, unknown>();
  const log: string[] = [];
  const request = (result: unknown) => {
    const r: Record<string, any> = { result };
    setTimeout(() => (r.onsuccess ?? r.oncomplete)?.(), 0);
    return r;
  };
  const stall = { open: false };
  const fail = { writes: false };
  const pending = { writes: 0 };
  const write = (tx: Record<string, any>, change: () => void) => {
    change();
    pending.writes++;
    setTimeout(() => (tx.oncomplete?.(), pending.writes--), 0);
    return request(undefined);
  };
  const store = (tx: Record<string, any>) => ({
    transaction: tx,
    get: (key: IDBValidKey) => (log.push('get'), stall.open ? {} : request(data.get(key))),
    put: (value: unknown, key: IDBValidKey) => {
      log.push('put');
      if (fail.writes) throw new DOMException('The object could not be cloned.', 'DataCloneError');
      return write(tx, () => data.set(key, structuredClone(value)));
    },
    delete: (key: IDBValidKey) => (log.push('delete'), write(tx, () => data.delete(key))),
  });
  const db = {
    transaction: () => {
      const tx: Record<string, any> = {};
      tx.objectStore = () => store(tx);
      return tx;
    },
    createObjectStore() {},
  };
  const open = (name: string) => (log.push('open ' + name), stall.open ? {} : request(db));
  return { indexedDB: { open }, data, log, stall, fail, pending };
}
