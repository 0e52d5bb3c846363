// Blocked pairs, set through the simulator's dev route `/dev/liquidity` (src/sim/devRoutes.ts).
/** Blocked pairs (`/dev/liquidity`): quotes for them answer "No liquidity available". */
export class Liquidity {
  private blocked = new Set<string>();
  private key = (a: string, b: string) => `${a}>${b}`;

  block(assetIn: string, assetOut: string): void {
    this.blocked.add(this.key(assetIn, assetOut));
  }

  unblock(assetIn: string, assetOut: string): void {
    this.blocked.delete(this.key(assetIn, assetOut));
  }

  has(assetIn: string, assetOut: string): boolean {
    return !this.blocked.has(this.key(assetIn, assetOut));
  }
}
