// queue.sa.cl is built before this target; the program itself is empty.
int main() { return 0; }
