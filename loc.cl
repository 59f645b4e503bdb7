__kernel void k(__global int *p) { __local int c; c = 0; barrier(CLK_LOCAL_MEM_FENCE); atomic_add(&c, 1); barrier(CLK_LOCAL_MEM_FENCE); p[get_global_id(0)] = c; }
