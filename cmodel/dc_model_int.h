/* SPDX-License-Identifier: Apache-2.0
 * Private header of the distributed-counter model (cmodel/dc_model*.c; users
 * include dc_model.h). Split like rtl/dc_top.v: cmodel/dc_model.c is the top
 * and the central unit (rtl/dc_central_unit.v, dc_cu_dec.v: configuration,
 * the ring, the SRAM pipeline, the bus), cmodel/dc_model_lu.c one local unit
 * (rtl/dc_local_unit.v, dc_lu_dec.v), stepped by dc_model_step in ring order. */
#ifndef DC_MODEL_INT_H
#define DC_MODEL_INT_H
#include "dc_model.h"

/* the central unit's register bus to the local unit windows (rb_*) */
typedef struct { int sel, we, off; uint32_t wdata; } rbus_t;

/* even parity of a flit's 96 DATA bits (1: an odd number of ones) */
unsigned dc_m_data_par(const uint32_t *d);
/* a local unit's register at window offset off (combinational): 1 and *rd,
 * or 0 (an offset it does not map) */
int dc_m_unit_read(const dc_model_t *m, const dc_unit_t *x, int off, uint32_t *rd);
/* one clock of unit x (flit in, its events ev / CPLs cpl, bus rb; next flit to *nout) */
void dc_m_unit_step(const dc_model_t *m, dc_unit_t *x, const dc_flit_t *in, const uint16_t *ev,
                    const uint8_t *cpl, const rbus_t *rb, dc_flit_t *nout);
#endif
