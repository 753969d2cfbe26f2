import type { CSSProperties } from 'react';
import { groupSeatsByPost, type BoardYear } from './history-rules.ts';
import './history.css';

export type BoardViewProps = { board: BoardYear };

/** The officers and board of one year over that year's background picture. */
export function BoardView({ board }: BoardViewProps) {
  const groups = groupSeatsByPost(board.seats);
  const style: CSSProperties | undefined = board.imageUrl !== '' ? { backgroundImage: `url(${JSON.stringify(board.imageUrl)})` } : undefined;
  return (
    <section className={board.imageUrl !== '' ? 'board board--pictured' : 'board'} style={style} aria-labelledby="board-heading">
      <div className="board__panel">
        <h2 id="board-heading" className="board__heading">
          Officers and Board {board.year}
        </h2>
        {groups.length === 0 ? (
          <p>No one has been listed for {board.year} yet.</p>
        ) : (
          <dl className="board__seats">
            {groups.map((group) => (
              <div key={group.post} className="board__seat">
                <dt className="board__post">{group.post}</dt>
                {group.members.map((member, index) => (
                  <dd key={`${member}-${index}`} className="board__member">
                    {member}
                  </dd>
                ))}
              </div>
            ))}
          </dl>
        )}
      </div>
    </section>
  );
}
