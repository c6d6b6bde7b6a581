import { css } from 'lit';

export const accountSignInStyles = css`
  [part~='base'] {
    display: flex;
    flex-direction: column;
    gap: var(--_space);
  }
  [part~='buttons'],
  [part~='signed-in'] {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_space);
  }
  [part~='message'] {
    margin: 0;
    color: var(--_muted);
  }
`;
