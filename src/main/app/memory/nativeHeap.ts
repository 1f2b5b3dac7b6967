import { createRequire } from 'node:module'

/** What {@link IdleMemoryRelease} needs of the C library's allocator (malloc's heap). */
export interface TrimmableNativeHeap {
  /**
   * Hands the allocator's free memory back to the OS: whole free pages inside its arenas and
   * the free space at their tops. Synchronous; a few milliseconds for a heap of 150 MB.
   * Returns whether any memory went back.
   */
  trim(): boolean
}

/** The part of koffi (a foreign function interface for Node) that {@link glibcHeap} uses. */
interface ForeignFunctions {
  load(path: string): { func(signature: string): (...args: unknown[]) => unknown }
}

/**
 * The GNU C library's allocator as a {@link TrimmableNativeHeap} (`malloc_trim(0)`, called
 * through koffi), or null where there is none to trim: not Linux, a C library without
 * `malloc_trim` (musl), or koffi's native part missing. Null is never an error: the release
 * then gives back the JavaScript heap only.
 *
 * Why: glibc keeps memory it was given back with `free` for reuse, and returns it to the OS
 * only from the top of an arena. A burst of work that allocates and frees many buffers (a
 * first sync of 100,000 documents: page bodies, their copies for the decoding thread, LevelDB
 * write batches) leaves the main arena at 130-160 MB of which about 20 MB is in use, the free
 * part spread over thousands of chunks between live ones, so it is never returned: that free
 * memory is most of what a first sync leaves that a restart does not (bench/README.md, B9).
 * `malloc_trim` also releases the free pages between live chunks (`madvise(MADV_DONTNEED)`),
 * in every arena, threads' arenas included. macOS's and Windows' allocators give memory back
 * on their own; they have no such call.
 *
 * `require` rather than `import`: koffi is loaded only where it is used (Linux), and its native
 * part failing to load must cost the release, never the start of the app.
 */
export function glibcHeap(
  platform: NodeJS.Platform = process.platform,
  loadForeignFunctions: () => ForeignFunctions = () => createRequire(import.meta.url)('koffi') as ForeignFunctions,
): TrimmableNativeHeap | null {
  if (platform !== 'linux') return null
  try {
    const libc = loadForeignFunctions().load('libc.so.6')
    // `int malloc_trim(size_t pad)`: pad 0 keeps nothing spare at an arena's top.
    const mallocTrim = libc.func('int malloc_trim(size_t pad)')
    return { trim: () => mallocTrim(0) === 1 }
  } catch {
    return null
  }
}
