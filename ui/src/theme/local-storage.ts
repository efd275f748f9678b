/** A jotai SyncStorage that keeps plain strings (not JSON) in localStorage, parsed and validated on read. */
export interface PlainStorage<T> {
  getItem(key: string, initialValue: T): T;
  setItem(key: string, value: T): void;
  removeItem(key: string): void;
}

export function plainStorage<T>(parse: (raw: string) => T | null): PlainStorage<T> {
  return {
    getItem(key, initialValue) {
      const raw = globalThis.localStorage?.getItem(key);
      return raw === null || raw === undefined ? initialValue : (parse(raw) ?? initialValue);
    },
    setItem(key, value) {
      localStorage.setItem(key, String(value));
    },
    removeItem(key) {
      localStorage.removeItem(key);
    },
  };
}
