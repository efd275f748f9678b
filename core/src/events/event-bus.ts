import { DOMAIN_EVENT_SCHEMAS, type DomainEvents, type EventsPort, type Logger } from '@balcao/sdk';

type Handler<K extends keyof DomainEvents> = (payload: DomainEvents[K]) => Promise<void>;

/**
 * In-process domain events of the SDK's catalogue (sdk events.ts), emitted after commit. A failing subscriber is
 * logged and never fails the emitter or the other subscribers. With `validate` (tests), every payload is checked
 * against its schema, so an emitter that drifts from the catalogue fails its test instead of a subscriber in production.
 */
export class EventBus implements EventsPort {
  private readonly handlers = new Map<keyof DomainEvents, Handler<keyof DomainEvents>[]>();
  private readonly logger: Logger;
  private readonly validate: boolean;

  constructor({ logger, validate = false }: { logger: Logger; validate?: boolean }) {
    this.logger = logger;
    this.validate = validate;
  }

  on<K extends keyof DomainEvents>(event: K, handler: Handler<K>): void {
    const list = this.handlers.get(event) ?? [];
    list.push(handler as Handler<keyof DomainEvents>);
    this.handlers.set(event, list);
  }

  async emit<K extends keyof DomainEvents>(event: K, payload: DomainEvents[K]): Promise<void> {
    if (this.validate) DOMAIN_EVENT_SCHEMAS[event].parse(payload);
    const list = this.handlers.get(event) ?? [];
    await Promise.all(
      list.map(async (handler) => {
        try {
          await handler(payload);
        } catch (err) {
          this.logger.error({ err, event }, 'event subscriber failed');
        }
      }),
    );
  }
}
