# Project-wide warning and sanitizer flags, applied through an interface target.
add_library(pbd_warnings INTERFACE)
target_compile_options(pbd_warnings INTERFACE -Wall -Wextra -Wno-unknown-pragmas)
if(PBD_WERROR)
  # The ci preset: warnings are errors, and two more that catch real mistakes here
  # (a local hiding a member or parameter; deleting through a base without a virtual dtor).
  target_compile_options(pbd_warnings INTERFACE -Werror -Wshadow -Wnon-virtual-dtor)
endif()
if(PBD_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()
