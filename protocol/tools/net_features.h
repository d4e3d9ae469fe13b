/* `ratnik net-features` (net_features.c): training data to net features. */
#ifndef RATNIK_NET_FEATURES_H
#define RATNIK_NET_FEATURES_H

int net_features_main(int argc, char **argv);

#endif
