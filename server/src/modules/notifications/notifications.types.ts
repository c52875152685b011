import { Field, InputType, Int, ObjectType } from 'type-graphql';
import type { NotificationPreferences } from './notification-preferences.js';
import type { NotificationSettingsView } from './notifications.service.js';

// Plain shapes: the service's zod schemas do all validation, for GraphQL and REST alike.

@ObjectType('NotificationChannels', { description: 'Which channels a kind of notice goes out on' })
export class NotificationChannelsType {
  @Field() push!: boolean;
  @Field() whatsapp!: boolean;
  @Field({ description: 'In the email digest of what stayed unread for 15 minutes' }) email!: boolean;
}

@ObjectType('NotificationKinds')
export class NotificationKindsType {
  @Field(() => NotificationChannelsType, { description: 'New orders, payments, order status' }) order!: NotificationChannelsType;
  @Field(() => NotificationChannelsType, { description: 'Chat messages' }) message!: NotificationChannelsType;
  @Field(() => NotificationChannelsType, { description: 'Quotes, offers and their answers' }) quote!: NotificationChannelsType;
  @Field(() => NotificationChannelsType, { description: 'Buy requirements' }) requirement!: NotificationChannelsType;
}

@ObjectType('QuietHours', { description: 'Hours (IST) that hold messages, quotes and requirement alerts until they end' })
export class QuietHoursType {
  @Field() enabled!: boolean;
  @Field({ description: 'HH:MM' }) from!: string;
  @Field({ description: 'HH:MM' }) to!: string;
}

@ObjectType('NotificationPreferences')
export class NotificationPreferencesType implements NotificationPreferences {
  @Field({ description: 'Everything off with one switch' }) enabled!: boolean;
  @Field({ description: 'WhatsApp alerts at all (only ever to a verified number)' }) whatsappOptIn!: boolean;
  @Field(() => QuietHoursType) quietHours!: QuietHoursType;
  @Field({ description: 'New orders and payments go through quiet hours' }) urgentInQuietHours!: boolean;
  @Field(() => NotificationKindsType) kinds!: NotificationKindsType;
}

@ObjectType('NotificationSettings')
export class NotificationSettingsType implements NotificationSettingsView {
  @Field(() => NotificationPreferencesType) preferences!: NotificationPreferencesType;
  @Field({ description: 'The server sends Web Push (VAPID keys set)' }) pushAvailable!: boolean;
  @Field(() => Int, { description: 'Devices of the viewer subscribed to push' }) pushDevices!: number;
  @Field(() => String, { nullable: true, description: 'The verified WhatsApp number alerts go to' }) whatsappNumber!: string | null;
}

@InputType()
export class NotificationChannelsInput {
  @Field() push!: boolean;
  @Field() whatsapp!: boolean;
  @Field(() => Boolean, { nullable: true, description: 'Left out: as saved' }) email?: boolean | null;
}

@InputType()
export class NotificationKindsInput {
  @Field(() => NotificationChannelsInput) order!: NotificationChannelsInput;
  @Field(() => NotificationChannelsInput) message!: NotificationChannelsInput;
  @Field(() => NotificationChannelsInput) quote!: NotificationChannelsInput;
  @Field(() => NotificationChannelsInput) requirement!: NotificationChannelsInput;
}

@InputType()
export class QuietHoursInput {
  @Field() enabled!: boolean;
  @Field() from!: string;
  @Field() to!: string;
}

@InputType()
export class NotificationPreferencesInput {
  @Field() enabled!: boolean;
  @Field() whatsappOptIn!: boolean;
  @Field(() => QuietHoursInput) quietHours!: QuietHoursInput;
  @Field() urgentInQuietHours!: boolean;
  @Field(() => NotificationKindsInput) kinds!: NotificationKindsInput;
}

@InputType()
export class PushSubscriptionKeysInput {
  @Field() p256dh!: string;
  @Field() auth!: string;
}

@InputType()
export class PushSubscriptionInput {
  @Field() endpoint!: string;
  @Field(() => PushSubscriptionKeysInput) keys!: PushSubscriptionKeysInput;
}

/** The REST shape of the settings (snake_case, docs/product.md#notifications). */
export const toRestNotificationSettings = (s: NotificationSettingsView) => ({
  enabled: s.preferences.enabled,
  whatsapp_opt_in: s.preferences.whatsappOptIn,
  quiet_hours: s.preferences.quietHours,
  urgent_in_quiet_hours: s.preferences.urgentInQuietHours,
  kinds: s.preferences.kinds,
  push_available: s.pushAvailable,
  push_devices: s.pushDevices,
  whatsapp_number: s.whatsappNumber,
});
