/**
 * Toasts (issue 6, item 7): short messages at the bottom of the window, an optional action
 * (e.g. Undo). Errors are shown from their codes: `errors.<code>` strings when registered,
 * else the error's own readable message.
 */
import { isDocketError } from '../../../shared/ipc/result'
import { t } from './i18n'
import './errorStrings'

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

export const toasts = $state<Toast[]>([])
let nextId = 1

/** Shows a toast for `ms` milliseconds (errors stay longer); returns its id. */
export function showToast(kind: Toast['kind'], message: string, action?: ToastAction, ms?: number): number {
  const id = nextId++
  toasts.push({ id, kind, message, action })
  while (toasts.length > 4) toasts.shift()
  setTimeout(() => dismissToast(id), ms ?? (kind === 'error' ? 10_000 : 6_000))
  return id
}

export function dismissToast(id: number): void {
  const index = toasts.findIndex((toast) => toast.id === id)
  if (index >= 0) toasts.splice(index, 1)
}

/** A readable sentence for an error thrown by the bridge (by its code) or anything else. */
export function errorMessage(error: unknown): string {
  if (isDocketError(error)) {
    const key = `errors.${error.code}`
    const text = t(key)
    if (text !== key) return error.message && error.code === 'validation' ? `${text} ${error.message}` : text
    return error.message
  }
  return error instanceof Error ? error.message : String(error)
}

/** Shows an error toast for `error`. */
export function showError(error: unknown): void {
  showToast('error', errorMessage(error))
}
