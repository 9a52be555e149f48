// One log line per request. Fastify's default writes two at info, whatever NODE_ENV: "incoming
// request" (method, URL, client) when a request arrives and "request completed" (status, time)
// when it is answered, joined only by reqId. At info, a production log held every request twice.
// Here the arrival goes to debug (LOG_LEVEL=debug shows it, for a request that never finishes)
// and the answer's line carries the request too, so one line says who asked what and how it went.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
