import type { paths } from './generated/schema.js';
import type { StaysClient } from './client.js';
export type NotificationFrame = paths['/api/ws/notifications']['get']['responses'][101]['content']['application/json'];
export type ChatFrame = paths['/api/ws/chat']['get']['responses'][101]['content']['application/json'];
export type Channel = 'notifications' | 'chat';
type FrameOf<C extends Channel> = C extends 'chat' ? ChatFrame : NotificationFrame;
/** What this helper needs of a WebSocket: the browser's, Node 22's global one, or the `ws` package's. */
export interface WebSocketLike {
    readonly readyState: number;
    send(data: string): void;
    close(code?: number, reason?: string): void;
    onopen: ((ev: never) => unknown) | null;
    onmessage: ((ev: never) => unknown) | null;
    onclose: ((ev: never) => unknown) | null;
    onerror: ((ev: never) => unknown) | null;
}
export type WebSocketConstructor = new (url: string) => WebSocketLike;
export interface SocketOptions<C extends Channel> {
    onFrame(frame: FrameOf<C>): void;
    onOpen?(): void;
    /** Every close, with the delay before the next attempt (Infinity: not reopened). */
    onClose?(code: number, reason: string, retryInMs: number): void;
    /** The WebSocket class (default globalThis.WebSocket; on Node 20 pass `WebSocket` from the ws package). */
    WebSocket?: WebSocketConstructor;
    /** First reconnect delay (default 500 ms), doubled after each failed attempt up to maxDelayMs (default 30 s). */
    minDelayMs?: number;
    maxDelayMs?: number;
}
export interface RealtimeSocket {
    /** The socket of the moment (null between attempts). */
    readonly current: WebSocketLike | null;
    close(): void;
}
export declare function openRealtimeSocket<C extends Channel>(client: StaysClient, channel: C, options: SocketOptions<C>): RealtimeSocket;
export {};
