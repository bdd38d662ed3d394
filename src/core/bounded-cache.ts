/**
 * A least-recently-used map bounded by the total size of its values (as the caller measures it,
 * e.g. string length). A Map keeps insertion order: a hit is moved to the end, and the oldest
 * entries are dropped first. A value larger than the whole bound is not kept.
 */
export class BoundedCache<V> {
  private readonly entries = new Map<string, { value: V; size: number }>();
  private total = 0;

  constructor(readonly maxSize: number) {}

  get size(): number {
    return this.total;
  }

  get count(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, size: number): void {
    this.delete(key);
    if (size > this.maxSize) return;
    this.entries.set(key, { value, size });
    this.total += size;
    while (this.total > this.maxSize) {
      const oldest = this.entries.keys().next().value!;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.total -= entry.size;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }
}
