export { loginWithLink, logout } from './session-actions.ts';
export { SessionProvider, useSession, useSessionToken } from './session-provider.tsx';
