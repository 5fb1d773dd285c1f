-- Email no one can abuse (issue #45, point 5): invitations sent (or sent again) are counted per
-- workspace over the last hour and per inviter over the last day. Every send is already a history
-- row (member.invited, member.invitation_resent), written in the same batch as the invitation; these
-- partial indexes keep those counts to the rows of sends.
CREATE INDEX history_events_invitation_sends_workspace_idx ON history_events(workspace_id, at)
  WHERE action IN ('member.invited', 'member.invitation_resent');
CREATE INDEX history_events_invitation_sends_actor_idx ON history_events(actor_user_id, at)
  WHERE action IN ('member.invited', 'member.invitation_resent');
