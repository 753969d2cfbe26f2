/**
 * Escapes text for HTML element content and double- or single-quoted attribute values: the one
 * escape of the server's HTML (mails, the pages' shells, their preloads and data blocks).
 */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
