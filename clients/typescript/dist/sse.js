export function openNotificationStream(client, options) {
    let lastEventId = options.lastEventId ?? null;
    let serverRetry = 1000;
    let stopped = false;
    const controller = new AbortController();
    let wake = () => { };
    const pause = (ms) => new Promise((resolve) => {
        const timer = setTimeout(resolve, ms);
        wake = () => {
            clearTimeout(timer);
            resolve();
        };
    });
    const delay = () => options.reconnectDelayMs ?? serverRetry;
    async function readStream(body) {
        const reader = body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        let event = { id: null, name: 'message', data: [] };
        for (;;) {
            const { value, done } = await reader.read();
            if (done)
                return;
            buffer += decoder.decode(value, { stream: true });
            let nl;
            while ((nl = buffer.search(/\r\n|\r|\n/)) >= 0) {
                const line = buffer.slice(0, nl);
                buffer = buffer.slice(nl + (buffer.startsWith('\r\n', nl) ? 2 : 1));
                if (line === '') {
                    if (event.id !== null)
                        lastEventId = event.id;
                    if (event.data.length) {
                        options.onEvent({
                            id: event.id ?? lastEventId ?? '',
                            event: event.name,
                            data: JSON.parse(event.data.join('\n')),
                        });
                    }
                    event = { id: null, name: 'message', data: [] };
                    continue;
                }
                if (line.startsWith(':'))
                    continue;
                const colon = line.indexOf(':');
                const field = colon < 0 ? line : line.slice(0, colon);
                const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
                if (field === 'id')
                    event.id = value;
                else if (field === 'event')
                    event.name = value;
                else if (field === 'data')
                    event.data.push(value);
                else if (field === 'retry' && /^\d+$/.test(value))
                    serverRetry = Number(value);
            }
        }
    }
    // The stream ends when the token it was opened with expires: a fresh one must be ready by then.
    const stopRefreshing = client.auth.keepFresh();
    const closed = (async () => {
        // Two 401s in a row, even with a renewed token: the session cannot be had, stop.
        let refused = 0;
        while (!stopped) {
            let wait = delay();
            try {
                let token = await client.auth.usable();
                const headers = { accept: 'text/event-stream' };
                if (token)
                    headers.authorization = `Bearer ${token}`;
                if (lastEventId)
                    headers['last-event-id'] = lastEventId;
                const res = await client.fetch(`${client.baseUrl}/api/notifications/stream`, {
                    headers,
                    signal: controller.signal,
                });
                if (res.status === 401) {
                    await res.body?.cancel();
                    refused += 1;
                    token = refused > 1 ? null : await client.auth.recover(token);
                    if (!token)
                        throw Object.assign(new Error('the session ended and could not be renewed'), { fatal: true });
                    continue;
                }
                refused = 0;
                if (!res.ok || !res.body) {
                    const after = Number(res.headers.get('retry-after'));
                    if (Number.isFinite(after) && after > 0)
                        wait = after * 1000;
                    await res.body?.cancel();
                    throw new Error(`the stream answered ${res.status}`);
                }
                options.onOpen?.();
                await readStream(res.body);
                if (!stopped)
                    options.onError?.(new Error('the stream ended'), delay());
                wait = delay();
            }
            catch (err) {
                if (stopped)
                    break;
                if (err.fatal) {
                    options.onError?.(err, Infinity);
                    break;
                }
                options.onError?.(err, wait);
            }
            if (!stopped)
                await pause(wait);
        }
        stopped = true;
        stopRefreshing();
    })();
    return {
        get lastEventId() {
            return lastEventId;
        },
        close() {
            stopped = true;
            controller.abort();
            wake();
        },
        closed,
    };
}
