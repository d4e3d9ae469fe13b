/* Reading a user's whole file (engine/fileio.c file_read_all), the one
 * reader behind books, nets and match results. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "../engine/fileio.h"
#include "suites.h"

/* file_read_all on a temporary file holding the n bytes given. */
static char *read_back(const char *bytes, size_t n, long long max, size_t *len, char *err, size_t errlen) {
    char path[] = "/tmp/ratnik_fileio_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, bytes, n), (ssize_t)n);
    close(fd);
    char *text = file_read_all(path, max, len, err, errlen);
    unlink(path);
    return text;
}

START_TEST(read_all_whole_file_nul_terminated) {
    char err[128] = "";
    size_t len = 0;
    char *text = read_back("ab\0cd", 5, 5, &len, err, sizeof err);
    ck_assert_msg(text, "%s", err);
    ck_assert_uint_eq(len, 5);
    ck_assert_mem_eq(text, "ab\0cd", 6); /* the NUL after the last byte too */
    free(text);
}
END_TEST

START_TEST(read_all_refuses_a_file_over_the_limit) {
    char err[128] = "";
    size_t len = 99;
    ck_assert_ptr_null(read_back("abcdef", 6, 5, &len, err, sizeof err));
    ck_assert_msg(strstr(err, "6 bytes, more than the"), "%s", err);
    ck_assert_uint_eq(len, 99); /* untouched on failure */
}
END_TEST

START_TEST(read_all_refuses_a_directory_and_a_missing_file) {
    char err[128] = "";
    size_t len;
    ck_assert_ptr_null(file_read_all("/tmp", 1 << 20, &len, err, sizeof err));
    ck_assert_str_eq(err, "is a directory");
    ck_assert_ptr_null(file_read_all("/nonexistent/ratnik.bin", 1 << 20, &len, err, sizeof err));
    ck_assert_str_eq(err, "No such file or directory");
}
END_TEST

Suite *suite_fileio(void) {
    Suite *s = suite_create("fileio");
    TCase *tc = tcase_create("read_all");
    tcase_add_test(tc, read_all_whole_file_nul_terminated);
    tcase_add_test(tc, read_all_refuses_a_file_over_the_limit);
    tcase_add_test(tc, read_all_refuses_a_directory_and_a_missing_file);
    suite_add_tcase(s, tc);
    return s;
}
