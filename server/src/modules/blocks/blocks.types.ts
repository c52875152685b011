import { Field, ID, ObjectType } from 'type-graphql';
import type { BlockedUserView, BlockStateView } from './blocks.service.js';

@ObjectType('BlockedUser', { description: 'A user the viewer blocked' })
export class BlockedUserType implements BlockedUserView {
  @Field(() => ID) id!: string;
  @Field() username!: string;
  @Field() blockedAt!: Date;
}

@ObjectType('BlockState', { description: 'Where the viewer stands with a user after blocking or unblocking them' })
export class BlockStateType implements BlockStateView {
  @Field(() => ID) userId!: string;
  @Field() blockedByMe!: boolean;
}

export const toRestBlockState = (s: BlockStateView) => ({ success: true, user_id: s.userId, blocked: s.blockedByMe });

export const toRestBlockedUser = (u: BlockedUserView) => ({ user_id: u.id, username: u.username, blocked_at: Math.floor(u.blockedAt.getTime() / 1000) });
