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
  /* a name with no break in it (an account's) wraps rather than run past a narrow screen */
  [part~='signed-in-as'] {
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;
