export { SESSION_STORAGE_KEY, getSessionToken, onLogout } from '../lib/session-token.ts';
export { login, loginWithLink, logout } from './session-actions.ts';
export { SessionProvider, useSession, useSessionToken, type Session } from './session-provider.tsx';
