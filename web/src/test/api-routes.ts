/** Answers a test server's requests by "METHOD /path" (query string ignored); anything else is a 404. */
import type http from 'node:http';
import { sendJson, type RecordedRequest, type TestServer } from './http-server';

export type RouteAnswer = (request: RecordedRequest, response: http.ServerResponse) => void;

export function answerRoutes(server: TestServer, routes: Record<string, RouteAnswer>): void {
  server.handle((request, response) => {
    const path = request.url.split('?')[0] ?? request.url;
    const answer = routes[`${request.method} ${path}`];
    if (answer) answer(request, response);
    else sendJson(response, 404, { message: `No route ${request.method} ${path}` });
  });
}

/** A route that always answers the same JSON. */
export const json =
  (status: number, body: unknown): RouteAnswer =>
  (_request, response) =>
    sendJson(response, status, body);

/** The requests made to one route, e.g. 'POST /api/create-checkout-session'. */
export function requestsTo(server: TestServer, route: string): RecordedRequest[] {
  return server.requests.filter((request) => `${request.method} ${request.url.split('?')[0]}` === route);
}
