/** identity's REST routes: validate, call the domain, answer. */
import type { Express, Request, Response } from 'express';
import {
  callerUserId,
  clearSessionCookie,
  parseOrThrow,
  readSessionToken,
  requireAuth,
  setSessionCookie,
  signSession,
  verifySession,
  uuidOrNull,
  type SessionCheck,
} from '@tracklens/kit';
import { loginBodySchema, registerBodySchema } from '@tracklens/contracts';
import type { Identity, SignedIn } from '../domain/identity';

export interface IdentityRoutesOptions {
  identity: Identity;
  jwtSecret: string;
  secureCookies: boolean;
}

export function registerIdentityRoutes(app: Express, options: IdentityRoutesOptions): void {
  const { identity, jwtSecret } = options;
  const cookie = { secure: options.secureCookies };
  const isSessionActive: SessionCheck = (claims) => identity.isSessionActive(claims.sessionId, claims.userId);
  const auth = requireAuth({ secret: jwtSecret, isSessionActive });

  const signIn = (res: Response, signedIn: SignedIn, status: number) => {
    setSessionCookie(res, signSession(jwtSecret, { userId: signedIn.user.id, sessionId: signedIn.sessionId }), cookie);
    res.status(status).json({ user: signedIn.user });
  };

  app.post('/api/register', async (req: Request, res: Response) => {
    signIn(res, await identity.register(parseOrThrow(registerBodySchema, req.body ?? {})), 201);
  });

  app.post('/api/login', async (req: Request, res: Response) => {
    signIn(res, await identity.login(parseOrThrow(loginBodySchema, req.body ?? {}), req.ip ?? 'unknown'), 200);
  });

  // Works without a live session too: logging out must always leave the browser signed out.
  app.post('/api/logout', async (req: Request, res: Response) => {
    const token = readSessionToken(req);
    const claims = token ? verifySession(jwtSecret, token) : null;
    await identity.logout(claims?.sessionId);
    clearSessionCookie(res, cookie);
    res.json({ success: true });
  });

  app.get('/api/user/me', auth, async (req: Request, res: Response) => {
    res.json(await identity.me(callerUserId(req)));
  });

  app.get('/api/user/:id', auth, async (req: Request, res: Response) => {
    // Anything but a well-formed id of your own is 'not found', never a validation error that hints at ids.
    res.json(await identity.getUser(callerUserId(req), uuidOrNull(req.params.id)));
  });
}
