/** chat's REST routes: validate, call the domain, answer. */
import type { Express, Request, Response } from 'express';
import { callerUserId, parseOrThrow, requireAuth, uuidOrNull } from '@tracklens/kit';
import {
  createChatSessionBodySchema,
  generateStrategyBodySchema,
  generateUserFlowBodySchema,
  listChatMessagesQuerySchema,
  listChatSessionsQuerySchema,
  sendChatMessageBodySchema,
  type ChatConfig,
} from '@tracklens/contracts';
import type { Chat } from '../domain/chat';

export interface ChatRoutesOptions {
  chat: Chat;
  jwtSecret: string;
  chatConfig: ChatConfig;
}

export function registerChatRoutes(app: Express, options: ChatRoutesOptions): void {
  const { chat } = options;
  // The gateway checks the session is live; the token's signature and expiry are checked again here.
  const auth = requireAuth({ secret: options.jwtSecret });

  app.get('/api/chat/config', auth, (_req: Request, res: Response) => {
    res.json(options.chatConfig);
  });

  app.get('/api/chat-sessions', auth, async (req: Request, res: Response) => {
    const { productId, chatType } = parseOrThrow(listChatSessionsQuerySchema, req.query);
    res.json(await chat.listSessions(callerUserId(req), productId, chatType));
  });

  app.post('/api/chat-sessions', auth, async (req: Request, res: Response) => {
    const body = parseOrThrow(createChatSessionBodySchema, req.body);
    res.status(201).json(await chat.createSession(callerUserId(req), body));
  });

  app.delete('/api/chat-sessions/:id', auth, async (req: Request, res: Response) => {
    res.json(await chat.deleteSession(callerUserId(req), uuidOrNull(req.params.id)));
  });

  app.get('/api/chat-messages', auth, async (req: Request, res: Response) => {
    const { sessionId } = parseOrThrow(listChatMessagesQuerySchema, req.query);
    res.json(await chat.listMessages(callerUserId(req), sessionId));
  });

  app.post('/api/chat-messages', auth, async (req: Request, res: Response) => {
    const body = parseOrThrow(sendChatMessageBodySchema, req.body);
    res.status(201).json(await chat.sendMessage(callerUserId(req), body));
  });

  app.post('/api/products/:id/generate-analytics-strategy', auth, async (req: Request, res: Response) => {
    const body = parseOrThrow(generateStrategyBodySchema, req.body);
    res
      .status(202)
      .json(await chat.ask(callerUserId(req), uuidOrNull(req.params.id), 'analytics_strategy', body));
  });

  app.post('/api/products/:id/generate-user-flow', auth, async (req: Request, res: Response) => {
    const body = parseOrThrow(generateUserFlowBodySchema, req.body);
    res.status(202).json(await chat.ask(callerUserId(req), uuidOrNull(req.params.id), 'user_flow', body));
  });

  app.get('/api/products/:id/jobs', auth, async (req: Request, res: Response) => {
    res.json(await chat.listJobs(callerUserId(req), uuidOrNull(req.params.id)));
  });
}
