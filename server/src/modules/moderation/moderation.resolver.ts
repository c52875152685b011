import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { GqlContext } from '../../graphql/context.js';
import type { ModerationService } from './moderation.service.js';
import { ModeratedUserType, OperatorActionType, OperatorReportPageType, OperatorReportType, ReportInput, ReportType } from './moderation.types.js';

/** What these resolvers use of the services. */
type Context = GqlContext<{ moderation: ModerationService }>;

/** Reports and the operator console over GraphQL: the same service calls as the REST shim (docs/product.md#operators-and-reports). */
@Resolver()
export class ModerationResolver {
  @Mutation(() => ReportType, { description: 'Reports a user, a message or a product to the team (one open report per reporter and target)' })
  report(@Arg('input', () => ReportInput) input: ReportInput, @Ctx() { ctx, services }: Context): Promise<ReportType> {
    return services.moderation.report(ctx, { ...input });
  }

  @Query(() => [ReportType], { description: "The viewer's reports, newest first, with whether each was handled" })
  myReports(@Ctx() { ctx, services }: Context): Promise<ReportType[]> {
    return services.moderation.myReports(ctx);
  }

  @Query(() => Boolean, { description: 'Whether the viewer is an operator (the console is theirs alone)' })
  async isOperator(@Ctx() { ctx, services }: Context): Promise<boolean> {
    return (await services.moderation.gate.operatorId(ctx)) !== null;
  }

  @Query(() => OperatorReportPageType, { description: 'Operators only: the open reports with their context, oldest first' })
  operatorReports(@Arg('limit', () => Int, { nullable: true }) limit: number | null, @Ctx() { ctx, services }: Context): Promise<OperatorReportPageType> {
    return services.moderation.openReports(ctx, { limit: limit ?? undefined });
  }

  @Query(() => [OperatorActionType], { description: "Operators only: the audit log, newest first" })
  operatorActions(@Arg('limit', () => Int, { nullable: true }) limit: number | null, @Ctx() { ctx, services }: Context): Promise<OperatorActionType[]> {
    return services.moderation.auditLog(ctx, { limit: limit ?? undefined });
  }

  @Mutation(() => OperatorReportType, { description: 'Operators only: handles a report (dismiss | hide_product | suspend_user) with a note for the audit log' })
  resolveReport(
    @Arg('reportId', () => ID) reportId: string,
    @Arg('action') action: string,
    @Arg('note') note: string,
    @Ctx() { ctx, services }: Context,
  ): Promise<OperatorReportType> {
    return services.moderation.resolve(ctx, { reportId, action, note });
  }

  @Mutation(() => ModeratedUserType, { description: "Operators only: lifts a user's suspension, with a note for the audit log" })
  unsuspendUser(@Arg('userId', () => ID) userId: string, @Arg('note') note: string, @Ctx() { ctx, services }: Context): Promise<ModeratedUserType> {
    return services.moderation.unsuspend(ctx, { userId, note });
  }
}
