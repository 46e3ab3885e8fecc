/** Messaging between the two parties of a transaction: REST, the socket side, SYSTEM messages for steps. */
export { messagesRoutes } from './messages.routes.ts';
export { postSystemMessage } from './messages.service.ts';
export { carriesAttachment, chatForStaff } from './messages.repository.ts';
export type { MessagesDeps } from './messages.deps.ts';
export { forgetClosedPartyInChats } from './messages.closed-party.ts';
export { messagesForExport } from './messages.export.ts';
