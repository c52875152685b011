import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { GqlContext } from '../../graphql/context.js';
import type { NotificationService } from './notifications.service.js';
import { NotificationPreferencesInput, NotificationSettingsType, PushSubscriptionInput } from './notifications.types.js';

/** What these resolvers use of the services. */
type Context = GqlContext<{ notifications: NotificationService }>;

/** Notifications over GraphQL: the same service calls as the REST shim (docs/product.md#notifications). */
@Resolver()
export class NotificationsResolver {
  @Query(() => String, { nullable: true, description: 'The VAPID public key a browser subscribes to push with; null when this site sends no push' })
  vapidPublicKey(@Ctx() { services }: Context): string | null {
    return services.notifications.vapidPublicKey();
  }

  @Mutation(() => Boolean, { description: 'Stores this device\'s push subscription for the viewer (an endpoint that is no browser push service is refused)' })
  async savePushSubscription(@Arg('input', () => PushSubscriptionInput) input: PushSubscriptionInput, @Ctx() { ctx, services }: Context): Promise<boolean> {
    await services.notifications.subscribe(ctx, input);
    return true;
  }

  @Mutation(() => Boolean, { description: 'Forgets a device\'s push subscription; answers whether it was the viewer\'s' })
  async deletePushSubscription(@Arg('endpoint') endpoint: string, @Ctx() { ctx, services }: Context): Promise<boolean> {
    return (await services.notifications.unsubscribe(ctx, { endpoint })).removed;
  }

  @Query(() => NotificationSettingsType, { description: 'The viewer\'s notification preferences and what each channel needs' })
  notificationSettings(@Ctx() { ctx, services }: Context): Promise<NotificationSettingsType> {
    return services.notifications.settings(ctx);
  }

  @Mutation(() => NotificationSettingsType, { description: 'Saves the viewer\'s notification preferences' })
  saveNotificationPreferences(@Arg('input', () => NotificationPreferencesInput) input: NotificationPreferencesInput, @Ctx() { ctx, services }: Context): Promise<NotificationSettingsType> {
    return services.notifications.saveSettings(ctx, input);
  }
}
