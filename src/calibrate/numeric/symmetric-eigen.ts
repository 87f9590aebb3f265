/** The eigen-decomposition A = V·diag(values)·Vᵀ of a symmetric matrix. */
export interface SymmetricEigen {
  /** Eigenvalues, ascending. */
  values: Float64Array;
  /** Eigenvectors: column k of the n×n matrix, row-major (`vectors[i * n + k]` is component i of vector k); orthonormal. */
  vectors: Float64Array;
}

/**
 * The eigenvalues and orthonormal eigenvectors of a real symmetric n×n matrix
 * (SPEC 11: the level model's information, whose eigenbasis turns the
 * level-spread likelihood into a sum over independent components for every
 * value of τ). Householder reduction to tridiagonal form, then the implicit
 * QL method with Wilkinson-like shifts — the EISPACK tred2/tql2 pair (Wilkinson
 * & Reinsch, Handbook for Automatic Computation II, 1971) — about 9n³ flops.
 *
 * @param a the matrix, row-major n×n (only read; symmetric).
 * @param n its order.
 * @throws RangeError when the QL iteration does not converge (30·n sweeps; not seen on finite input).
 */
export function symmetricEigen(a: ArrayLike<number>, n: number): SymmetricEigen {
  // The transform is held transposed (row k is its column k: the symmetric input reads the same), so that the
  // reduction's inner loops and the QL rotations, which mix two columns, run along rows.
  const vt: Float64Array[] = Array.from({ length: n }, (_, i) => Float64Array.from({ length: n }, (_, j) => a[j * n + i]));
  const d = new Float64Array(n);
  const e = new Float64Array(n);
  if (n > 0) tridiagonalise(vt, d, e, n);
  if (n > 0) diagonalise(vt, d, e, n);
  // Sort ascending (selection sort on the values, swapping vectors).
  for (let i = 0; i < n - 1; i++) {
    let k = i;
    for (let j = i + 1; j < n; j++) if (d[j] < d[k]) k = j;
    if (k === i) continue;
    [d[i], d[k]] = [d[k], d[i]];
    [vt[i], vt[k]] = [vt[k], vt[i]];
  }
  const vectors = new Float64Array(n * n);
  for (let k = 0; k < n; k++) for (let i = 0; i < n; i++) vectors[i * n + k] = vt[k][i];
  return { values: d, vectors };
}

/**
 * Householder reduction of the symmetric matrix in `vt` to tridiagonal form (diagonal d, off-diagonal e);
 * `vt` becomes the accumulated transform, transposed (row k is column k): the inner loops then run along rows.
 */
function tridiagonalise(vt: Float64Array[], d: Float64Array, e: Float64Array, n: number): void {
  for (let j = 0; j < n; j++) d[j] = vt[j][n - 1];
  for (let i = n - 1; i > 0; i--) {
    // Scale to avoid under- and overflow.
    let scale = 0;
    let h = 0;
    for (let k = 0; k < i; k++) scale += Math.abs(d[k]);
    if (scale === 0) {
      e[i] = d[i - 1];
      for (let j = 0; j < i; j++) {
        d[j] = vt[j][i - 1];
        vt[j][i] = 0;
        vt[i][j] = 0;
      }
    } else {
      // The Householder vector.
      for (let k = 0; k < i; k++) {
        d[k] /= scale;
        h += d[k] * d[k];
      }
      let f = d[i - 1];
      let g = Math.sqrt(h);
      if (f > 0) g = -g;
      e[i] = scale * g;
      h -= f * g;
      d[i - 1] = f - g;
      for (let j = 0; j < i; j++) e[j] = 0;
      // Apply the similarity transform to the remaining columns.
      for (let j = 0; j < i; j++) {
        f = d[j];
        vt[i][j] = f;
        g = e[j] + vt[j][j] * f;
        for (let k = j + 1; k <= i - 1; k++) {
          g += vt[j][k] * d[k];
          e[k] += vt[j][k] * f;
        }
        e[j] = g;
      }
      f = 0;
      for (let j = 0; j < i; j++) {
        e[j] /= h;
        f += e[j] * d[j];
      }
      const hh = f / (h + h);
      for (let j = 0; j < i; j++) e[j] -= hh * d[j];
      for (let j = 0; j < i; j++) {
        f = d[j];
        g = e[j];
        for (let k = j; k <= i - 1; k++) vt[j][k] -= f * e[k] + g * d[k];
        d[j] = vt[j][i - 1];
        vt[j][i] = 0;
      }
    }
    d[i] = h;
  }
  // Accumulate the transformations.
  for (let i = 0; i < n - 1; i++) {
    vt[i][n - 1] = vt[i][i];
    vt[i][i] = 1;
    const h = d[i + 1];
    if (h !== 0) {
      for (let k = 0; k <= i; k++) d[k] = vt[i + 1][k] / h;
      for (let j = 0; j <= i; j++) {
        let g = 0;
        for (let k = 0; k <= i; k++) g += vt[i + 1][k] * vt[j][k];
        for (let k = 0; k <= i; k++) vt[j][k] -= g * d[k];
      }
    }
    for (let k = 0; k <= i; k++) vt[i + 1][k] = 0;
  }
  for (let j = 0; j < n; j++) {
    d[j] = vt[j][n - 1];
    vt[j][n - 1] = 0;
  }
  vt[n - 1][n - 1] = 1;
  e[0] = 0;
}

/** The implicit QL method on the tridiagonal (d, e), accumulating rotations into the transposed transform `vt`; d becomes the eigenvalues. */
function diagonalise(vt: Float64Array[], d: Float64Array, e: Float64Array, n: number): void {
  for (let i = 1; i < n; i++) e[i - 1] = e[i];
  e[n - 1] = 0;
  let f = 0;
  let tst1 = 0;
  const eps = 2 ** -52;
  for (let l = 0; l < n; l++) {
    // Find a small subdiagonal element.
    tst1 = Math.max(tst1, Math.abs(d[l]) + Math.abs(e[l]));
    let m = l;
    while (m < n - 1 && Math.abs(e[m]) > eps * tst1) m++;
    if (m > l) {
      let sweeps = 0;
      do {
        if (++sweeps > 30 * n) throw new RangeError("calibrate/symmetric-eigen: the QL iteration did not converge");
        // The implicit shift.
        let g = d[l];
        let p = (d[l + 1] - g) / (2 * e[l]);
        let r = Math.hypot(p, 1);
        if (p < 0) r = -r;
        d[l] = e[l] / (p + r);
        d[l + 1] = e[l] * (p + r);
        const dl1 = d[l + 1];
        let h = g - d[l];
        for (let i = l + 2; i < n; i++) d[i] -= h;
        f += h;
        // The implicit QL transformation.
        p = d[m];
        let c = 1;
        let c2 = c;
        let c3 = c;
        const el1 = e[l + 1];
        let s = 0;
        let s2 = 0;
        for (let i = m - 1; i >= l; i--) {
          c3 = c2;
          c2 = c;
          s2 = s;
          g = c * e[i];
          h = c * p;
          r = Math.hypot(p, e[i]);
          e[i + 1] = s * r;
          s = e[i] / r;
          c = p / r;
          p = c * d[i] - s * g;
          d[i + 1] = h + s * (c * g + s * d[i]);
          const vi = vt[i];
          const vi1 = vt[i + 1];
          for (let k = 0; k < n; k++) {
            h = vi1[k];
            vi1[k] = s * vi[k] + c * h;
            vi[k] = c * vi[k] - s * h;
          }
        }
        p = (-s * s2 * c3 * el1 * e[l]) / dl1;
        e[l] = s * p;
        d[l] = c * p;
      } while (Math.abs(e[l]) > eps * tst1);
    }
    d[l] += f;
    e[l] = 0;
  }
}
