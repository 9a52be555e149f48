const OPEN = 1;
export function openRealtimeSocket(client, channel, options) {
    const Given = options.WebSocket ?? globalThis.WebSocket;
    if (!Given)
        throw new Error('No WebSocket class here: pass options.WebSocket (e.g. the ws package on Node 20)');
    const Ctor = Given;
    const min = options.minDelayMs ?? 500;
    const max = options.maxDelayMs ?? 30_000;
    const wsBase = client.baseUrl.replace(/^http/, 'ws');
    let socket = null;
    let stopped = false;
    let failures = 0;
    let retryTimer;
    // The token is kept fresh while the socket may be the app's only use of it, and each new one
    // is handed to the open socket.
    const stopRefreshing = client.auth.keepFresh();
    const unsubscribe = client.auth.subscribe((token) => {
        if (token && socket?.readyState === OPEN)
            socket.send(JSON.stringify({ type: 'authenticate', token }));
    });
    const retryLater = (code, reason) => {
        failures += 1;
        const delay = code === 4429 ? max : Math.min(max, min * 2 ** (failures - 1));
        options.onClose?.(code, reason, delay);
        retryTimer = setTimeout(() => void connect(), delay);
    };
    async function connect() {
        if (stopped)
            return;
        let token;
        try {
            token = await client.auth.usable();
        }
        catch (err) {
            // onSessionExpired failed (offline?): try again later, as after a failed connection.
            return retryLater(1006, err instanceof Error ? err.message : String(err));
        }
        if (stopped)
            return;
        const ws = new Ctor(`${wsBase}/api/ws/${channel}${token ? `?token=${encodeURIComponent(token)}` : ''}`);
        socket = ws;
        let opened = false;
        ws.onopen = () => {
            opened = true;
            failures = 0;
            options.onOpen?.();
        };
        ws.onmessage = (ev) => {
            let frame;
            try {
                frame = JSON.parse(typeof ev.data === 'string' ? ev.data : String(ev.data));
            }
            catch {
                return;
            }
            options.onFrame(frame);
        };
        ws.onerror = () => { };
        ws.onclose = (ev) => void reopen(ws, token, ev.code, String(ev.reason), opened);
    }
    async function reopen(ws, token, code, reason, opened) {
        if (socket === ws)
            socket = null;
        if (stopped)
            return options.onClose?.(code, reason, Infinity);
        if (!opened && token && code !== 4429) {
            // A refused upgrade shows only as a close (1006) in a browser, whatever the HTTP status: ask
            // the REST API whether the token still holds; a 401 there renews the session as for any call.
            await client.api.GET('/api/auth/session').catch(() => undefined);
        }
        if (code === 4401) {
            // Session revoked, token expired or refused: a fresh token (or a new session) before reopening.
            let next;
            try {
                next = token
                    ? ((await client.auth.refresh(token)) ?? (await client.auth.recover(token)))
                    : await client.auth.recover(token);
            }
            catch {
                return retryLater(code, reason);
            }
            if (!next) {
                stopped = true;
                stopRefreshing();
                unsubscribe();
                return options.onClose?.(code, reason, Infinity);
            }
        }
        retryLater(code, reason);
    }
    void connect();
    return {
        get current() {
            return socket;
        },
        close() {
            stopped = true;
            clearTimeout(retryTimer);
            stopRefreshing();
            unsubscribe();
            socket?.close(1000, 'closed by the client');
        },
    };
}
