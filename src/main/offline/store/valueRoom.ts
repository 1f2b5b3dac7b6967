/**
 * Room the stored values of one write batch are laid out in, reused by the next batch: one
 * buffer grown to the largest batch instead of one small buffer per value. LevelDB copies a
 * batch's values into its own write batch when the batch is made, so the room is free again
 * once {@link Store.batch} has settled. Why it matters: a first sync writes 100,000 documents
 * (about 260 MB of values, bench B9), and a buffer of 2-3 KB per document lived until the next
 * garbage collection, so tens of MB of them at a time went through glibc's allocator, which
 * kept the room they fragmented after the sync. Sizes in bytes.
 *
 * One batch at a time: {@link reset} only once the batch whose values were taken is written
 * (or failed), and never while another writer's batch is being built from the same room.
 */
export class BatchValueRoom {
  private buffer: Buffer
  private used = 0

  /** `initialBytes`: the first buffer's size (it doubles past it as batches need). */
  constructor(private readonly initialBytes = 256 * 1024) {
    this.buffer = Buffer.allocUnsafeSlow(0)
  }

  /** Bytes of the buffer values are laid out in now (for tests and diagnostics). */
  get capacity(): number {
    return this.buffer.byteLength
  }

  /** Starts a new batch: the values taken before may be overwritten from now on. */
  reset(): void {
    this.used = 0
  }

  /**
   * `length` bytes for one value, valid until the next {@link reset}. When the buffer is full a
   * larger one is made (the values taken before stay in the old one, which lives as long as they do).
   */
  take(length: number): Buffer {
    if (this.used + length > this.buffer.byteLength) {
      this.buffer = Buffer.allocUnsafeSlow(Math.max(this.initialBytes, length, this.buffer.byteLength * 2))
      this.used = 0
    }
    const value = this.buffer.subarray(this.used, this.used + length)
    this.used += length
    return value
  }
}
