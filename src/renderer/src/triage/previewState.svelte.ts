/** Zoom of the document preview (shared with the keyboard shortcuts + - 0 and f). */
export const previewState = $state({
  /** 1 = fit to width; 0.25 to 5. */
  zoom: 1,
  /** Show the original PDF (pdfjs) instead of the preview image. */
  showOriginal: false,
})

export function zoomBy(factor: number): void {
  previewState.zoom = Math.min(5, Math.max(0.25, Math.round(previewState.zoom * factor * 100) / 100))
}

export function resetZoom(): void {
  previewState.zoom = 1
}

/** Decodes base64 (from a preview/original channel) into bytes. */
export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}
