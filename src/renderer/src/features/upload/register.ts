/** Puts "Upload…" in the toolbar (its component also takes files dropped on the window). */
import { registerToolbarExtension } from '../../shell/extensions'
import UploadButton from './UploadButton.svelte'

registerToolbarExtension({ id: 'upload', order: 10, component: UploadButton })
