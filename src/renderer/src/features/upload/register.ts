/** Registers upload (issue 7, item 3) in the shell's toolbar. */
import { registerToolbarExtension } from '../../shell/extensions'
import UploadButton from './UploadButton.svelte'
import './strings'

registerToolbarExtension({ id: 'upload', order: 10, component: UploadButton })
