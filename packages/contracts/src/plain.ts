/**
 * The zod-free part of the contracts: for code on the browser's first page, and for the server,
 * whose start builds no schema (it loads `./registry` on the first call: apps/api/src/http/call-contracts.ts).
 */
export * from './calls.ts';
export * from './permissions.ts';
export * from './media.ts';
export * from './blog-constants.ts';
export * from './garage-constants.ts';
export * from './members-constants.ts';
export * from './forum-constants.ts';
export * from './classifieds-constants.ts';
export * from './search-constants.ts';
export * from './route-constants.ts';
export * from './route-distance.ts';
export * from './event-options.ts';
export * from './meeting-schedule.ts';
export * from './paths.ts';
export * from './club-time.ts';
export * from './event-start.ts';
export * from './member-name.ts';
export * from './password-rules.ts';
export * from './field-messages.ts';
export * from './repeat-rule.ts';
export * from './club-story.ts';
export * from './newsletter-edition.ts';
