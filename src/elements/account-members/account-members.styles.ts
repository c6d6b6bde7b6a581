import { css } from 'lit';

export const accountMembersStyles = css`
  [part~='search'] {
    display: flex;
    flex-wrap: wrap;
    align-items: end;
    gap: var(--_space);
    margin-bottom: var(--_space);
  }
  [part~='search'] label {
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) / 2);
    color: var(--_muted);
  }
  [part~='search-input'] {
    min-width: 16em;
  }
`;
