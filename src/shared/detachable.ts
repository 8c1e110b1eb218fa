/**
 * Methods that survive being detached (`const { authorize } = webAuth`, `promisify(client.userInfo)`).
 * Binding every method in each constructor would cost on every `new WebAuth`; instead each prototype
 * method becomes a getter that binds on an instance's first read and caches the bound function there.
 */

/** Makes the prototype methods of each class detachable, in place. */
export function detachableMethods(...ctors: { prototype: object }[]): void {
  for (const { prototype: proto } of ctors) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const method = Object.getOwnPropertyDescriptor(proto, name)!.value; // not proto[name]: that runs getters
      if (name === 'constructor' || typeof method !== 'function') continue;
      Object.defineProperty(proto, name, {
        configurable: true,
        // Read on the prototype itself (surface checks, spies): the plain method, length and all.
        get() {
          return this === proto ? method : (this[name] = method.bind(this));
        },
        // Caches the bound method, and lets apps and tests replace an instance's method.
        set(value) {
          Object.defineProperty(this, name, { value, writable: true, configurable: true });
        },
      });
    }
  }
}
