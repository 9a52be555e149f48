// Shorthands over the generated `paths` for the answers and bodies an app names most.
import type { paths } from './generated/schema.ts';

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** The JSON body of an operation's request. */
export type RequestBody<P extends keyof paths, M extends Method> = paths[P][M] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

/** The JSON answer of an operation for a status (200 by default), envelope included. */
export type ResponseBody<P extends keyof paths, M extends Method, S extends number = 200> = paths[P][M] extends { responses: { [K in S]: { content: { 'application/json': infer R } } } } ? R : never;

/** The `data` member of an operation's enveloped answer. */
export type ResponseData<P extends keyof paths, M extends Method, S extends number = 200> = ResponseBody<P, M, S> extends { data: infer D } ? D : never;
