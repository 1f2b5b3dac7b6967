/**
 * The way in, shared by the app shell and the command palette: whether the sign-in screen is
 * asked for while someone is signed in (to sign in to another account or add a server; the
 * screen then offers *Back*), and whether it should open on its *Add a server* form.
 * `request` grows with every ask, so the screen can react to a second ask of the same kind.
 */
export const signInScreen = $state({ open: false, adding: false, request: 0 })

/** Shows the sign-in screen (on top of the workspace when someone is signed in). */
export function openSignIn(): void {
  signInScreen.open = true
  signInScreen.adding = false
  signInScreen.request++
}

/** Shows the sign-in screen on its *Add a server* form. */
export function openAddServer(): void {
  signInScreen.open = true
  signInScreen.adding = true
  signInScreen.request++
}

/** Goes back to the workspace (after a sign-in, or *Back*). */
export function closeSignIn(): void {
  signInScreen.open = false
  signInScreen.adding = false
}
