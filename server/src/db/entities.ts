import type { EntityClass } from '@mikro-orm/core';
import { MODULES } from '../modules/index.js';
import { OutboxEvent } from '../outbox/outbox-event.entity.js';

/** Every entity class the ORM knows: the outbox and each module's. */
export const ENTITIES: EntityClass<object>[] = [OutboxEvent, ...MODULES.flatMap((m) => m.entities ?? [])];
