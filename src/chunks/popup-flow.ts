/**
 * The popup chunk (issue 32): the popup protocol on both sides, loaded the first time a popup opens
 * or `popup.callback` runs. The window itself opens in the main file, in the task of the call.
 */
export { watchPopup } from '../web-auth/popup/popup-channel.js';
export { popupCallback } from '../web-auth/popup/callback.js';
