/**
 * The session-events chunk (webauth.session-events.min.js): the channel between an app's tabs,
 * loaded with the first `onSessionEvent` listener (web-auth/session-events/on-session-event.ts).
 */
export { channelName, listen, readMessage } from '../web-auth/session-events/channel.js';
