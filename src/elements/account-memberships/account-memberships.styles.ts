import { css } from 'lit';

export const accountMembershipsStyles = css`
  [part~='actions'] {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_space);
    margin-bottom: var(--_space);
  }
  [part~='announcement']:empty {
    display: none;
  }
  [part~='announcement'] {
    color: var(--_text);
  }
  [part~='add-panel'] {
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface-alt);
    padding: var(--_space) calc(var(--_space) * 2);
    margin-bottom: var(--_space);
  }
  [part~='add-heading'] {
    font-size: 1.05em;
    font-weight: 600;
    margin: var(--_space) 0;
  }
  [part~='candidate-filter-label'] {
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) / 2);
    margin-bottom: var(--_space);
  }
  [part~='candidates'] {
    border: 0;
    padding: 0;
    margin: 0 0 var(--_space);
    max-height: 18em;
    overflow-y: auto;
  }
  [part~='candidate'] {
    display: flex;
    gap: var(--_space);
    align-items: baseline;
    padding: calc(var(--_space) / 2) 0;
  }
  [part~='candidate-email'] {
    color: var(--_muted);
    overflow-wrap: anywhere;
  }
  [part~='add-form-actions'] {
    display: flex;
    gap: var(--_space);
    margin-top: var(--_space);
  }
  [part~='member-unknown'] {
    color: var(--_muted);
    font-style: italic;
  }
`;
