/** Puts the webhook form in the settings dialog's webhook section. */
import { registerSettingsPanel } from '../../shell/extensions'
import WebhookSettings from './WebhookSettings.svelte'

registerSettingsPanel({ id: 'webhook', section: 'webhooks', component: WebhookSettings })
