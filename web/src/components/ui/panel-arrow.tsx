/** The small triangle that points from a floating panel (a popover, a tooltip) at its button; `className` places and colours it. */
export function PanelArrow({ className }: { className: string }) {
  return (
    <svg aria-hidden width={10} height={5} viewBox="0 0 30 10" preserveAspectRatio="none" className={className}>
      <polygon points="0,0 30,0 15,10" />
    </svg>
  );
}
