/** The dashboard's address: in the page's first chunk too, which reads ahead for it (auth/auth-gate.tsx). */
export const DASHBOARD_PATH = '/dashboard';
