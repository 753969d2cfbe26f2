/** The zod-free part of the contracts, for code on the browser's first page. */
export * from './calls.ts';
export * from './permissions.ts';
export * from './media.ts';
export * from './blog-constants.ts';
export * from './garage-constants.ts';
export * from './classifieds-constants.ts';
export * from './search-constants.ts';
export * from './route-constants.ts';
export * from './route-distance.ts';
export * from './event-options.ts';
export * from './meeting-schedule.ts';
export * from './paths.ts';
export * from './club-time.ts';
export * from './member-name.ts';
export * from './password-rules.ts';
export * from './field-messages.ts';
export * from './repeat-rule.ts';
