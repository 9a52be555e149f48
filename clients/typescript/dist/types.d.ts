import type { operations, paths } from './generated/schema.js';
type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';
/** The JSON body of an operation's request. */
export type RequestBody<P extends keyof paths, M extends Method> = paths[P][M] extends {
    requestBody?: {
        content: {
            'application/json': infer B;
        };
    };
} ? B : never;
/** The JSON answer of an operation for a status (200 by default), envelope included. */
export type ResponseBody<P extends keyof paths, M extends Method, S extends number = 200> = paths[P][M] extends {
    responses: {
        [K in S]: {
            content: {
                'application/json': infer R;
            };
        };
    };
} ? R : never;
/** The `data` member of an operation's enveloped answer. */
export type ResponseData<P extends keyof paths, M extends Method, S extends number = 200> = ResponseBody<P, M, S> extends {
    data: infer D;
} ? D : never;
/** Every operation by its operationId (the names the document gives: createReservation, getProperty, …). */
export type OperationId = keyof operations;
/** The JSON body of an operation, by operationId. */
export type OperationBody<Id extends OperationId> = operations[Id] extends {
    requestBody?: {
        content: {
            'application/json': infer B;
        };
    };
} ? B : never;
/** The `data` member of an operation's enveloped answer, by operationId (200 by default). */
export type OperationData<Id extends OperationId, S extends number = 200> = operations[Id] extends {
    responses: {
        [K in S]: {
            content: {
                'application/json': infer R;
            };
        };
    };
} ? R extends {
    data: infer D;
} ? D : never : never;
export {};
