/**
 * The traps of one lazy object: `keys` are built by `build` on first read, once, and kept on the target. Spreading it,
 * or copying its descriptors, sees every key; a copied descriptor reads through the object, so it shares what was
 * built (or builds it then).
 */
class LazyTraps implements ProxyHandler<Record<string, unknown>> {
  proxy: Record<string, unknown> | undefined;

  constructor(
    private readonly keys: ReadonlySet<string>,
    private readonly build: (key: string) => unknown,
  ) {}

  private ensure(target: Record<string, unknown>, key: string | symbol): void {
    if (typeof key === 'string' && this.keys.has(key) && !Object.hasOwn(target, key))
      target[key] = this.build(key);
  }

  get(target: Record<string, unknown>, key: string | symbol, receiver: unknown): unknown {
    this.ensure(target, key);
    return Reflect.get(target, key, receiver);
  }

  has(target: Record<string, unknown>, key: string | symbol): boolean {
    return (typeof key === 'string' && this.keys.has(key)) || Reflect.has(target, key);
  }

  ownKeys(target: Record<string, unknown>): (string | symbol)[] {
    const own = Reflect.ownKeys(target);
    return [...this.keys, ...own.filter((k) => typeof k !== 'string' || !this.keys.has(k))];
  }

  getOwnPropertyDescriptor(
    target: Record<string, unknown>,
    key: string | symbol,
  ): PropertyDescriptor | undefined {
    if (Object.hasOwn(target, key) || typeof key !== 'string' || !this.keys.has(key))
      return Reflect.getOwnPropertyDescriptor(target, key);
    // Not built yet: a descriptor that reads (and builds) through the object when read.
    const proxy = this.proxy as Record<string, unknown>;
    return {
      enumerable: true,
      configurable: true,
      get: () => proxy[key],
      set: (value: unknown) => {
        proxy[key] = value;
      },
    };
  }
}

/**
 * An object whose `keys` are built by `build` when first read, once; what is set on it stays set. One proxy rather
 * than an accessor per key: a plugin's deps are made for every request, job run and event, and defining a dozen
 * accessors each time was ~4 % of the server's CPU under ingest (issue 30).
 * @example const ports = lazyObject(new Set(['tickets']), (key) => factories[key](ctx)); ports.tickets // built now
 */
export function lazyObject(
  keys: ReadonlySet<string>,
  build: (key: string) => unknown,
): Record<string, unknown> {
  const traps = new LazyTraps(keys, build);
  const proxy = new Proxy<Record<string, unknown>>({}, traps);
  traps.proxy = proxy;
  return proxy;
}
