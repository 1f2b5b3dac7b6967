/**
 * Toasts: one short message at the bottom of the window, with an optional action (e.g. Undo).
 * Only one is shown at a time: a new toast replaces the one before, so an older toast can
 * never offer an Undo that no longer undoes what it says, and toasts never pile up over the
 * list and the invoice. Errors are shown from their codes: the `errors.<code>` text of the
 * locale when it has one, else the error's own readable message.
 */
import { isDocketError } from '../../../shared/ipc'
import { tOptional } from './i18n'

export interface ToastAction {
  label: string
  run: () => void
}

export interface Toast {
  id: number
  kind: 'info' | 'success' | 'error'
  message: string
  action?: ToastAction
}

/** The toast shown (at most one). */
export const toasts = $state<Toast[]>([])
let nextId = 1
let timer: ReturnType<typeof setTimeout> | null = null

/**
 * Shows a toast in place of the current one for `ms` milliseconds (default 6 s, errors 10 s);
 * returns its id.
 */
export function showToast(kind: Toast['kind'], message: string, action?: ToastAction, ms?: number): number {
  const id = nextId++
  if (timer) clearTimeout(timer)
  toasts.splice(0, toasts.length, { id, kind, message, action })
  timer = setTimeout(() => dismissToast(id), ms ?? (kind === 'error' ? 10_000 : 6_000))
  return id
}

/** Hides toast `id` if it is still the one shown. */
export function dismissToast(id: number): void {
  const index = toasts.findIndex((toast) => toast.id === id)
  if (index >= 0) toasts.splice(index, 1)
}

/** A readable sentence for an error thrown by the bridge (by its code) or anything else. */
export function errorMessage(error: unknown): string {
  if (isDocketError(error)) {
    const text = tOptional(`errors.${error.code}`)
    if (text === undefined) return error.message
    return error.message && error.code === 'validation' ? `${text} ${error.message}` : text
  }
  return error instanceof Error ? error.message : String(error)
}

/** Shows an error toast for `error`. */
export function showError(error: unknown): void {
  showToast('error', errorMessage(error))
}
