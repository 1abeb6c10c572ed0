/**
 * What a pass keeps flags for: the products it matched, those it has seen, those holding the
 * keyword (substring-search.ts), and the same after an in-place change moved the products.
 */
type FlagsUse = 'matched' | 'seen' | 'keyword' | 'keyword moved'

/** The buffers passFlags hands out, one per use. */
const keptFlags = new Map<FlagsUse, Uint8Array>()

/**
 * Zeroed flags by position for one pass, whose buffer is padded to whole 32-bit words, so a scan
 * can skip four unmarked products at a time. The buffer is kept for the next pass (a pass is
 * synchronous and its outcome holds no flags): a fresh one each pass (1 MB at 1,000,000 products)
 * made V8 collect for the external memory every few passes, each collection walking a heap that
 * holds the copy's two million strings. So the flags are good until the next call for the same use.
 */
export function passFlags(use: FlagsUse, size: number): Uint8Array {
  const padded = (size + 3) & ~3
  let kept = keptFlags.get(use)
  if (!kept || kept.length < padded) {
    kept = new Uint8Array(padded)
    keptFlags.set(use, kept)
  } else kept.fill(0, 0, padded)
  return kept.subarray(0, size)
}
