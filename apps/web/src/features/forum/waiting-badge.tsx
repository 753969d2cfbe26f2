/** The highlight an unapproved item carries for its author and the moderators. */
export function WaitingBadge() {
  return <span className="forum-badge">Waiting for approval</span>;
}
